/** A photo of the property, as the gallery shows it. */
export interface PropertyPhoto {
  id: string;
  /** Where the image is served. */
  src: string;
  /** Said by screen readers and shown under the photo; may be empty. */
  caption: string;
}

/**
 * The selected property's photos. Properties have no photos yet (issue 5 adds them to My Property,
 * served by the API); until then the list is empty and nothing is requested.
 */
export function usePropertyPhotos(): { photos: PropertyPhoto[]; isPending: boolean } {
  return { photos: [], isPending: false };
}
