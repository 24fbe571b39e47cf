import { useSelectedBusiness } from '@/api/business';

/** A photo of the property, as the gallery shows it. */
export interface PropertyPhoto {
  id: string;
  /** Where the image is served. */
  src: string;
  /** Said by screen readers and shown under the photo; may be empty. */
  caption: string;
}

/**
 * The selected property's photos (uploaded on My Property, part of the business the shell has
 * loaded), oldest first, and the property's name to describe them.
 */
export function usePropertyPhotos(): {
  photos: PropertyPhoto[];
  propertyName: string | undefined;
  isPending: boolean;
} {
  const { data: business, isPending } = useSelectedBusiness();
  return {
    photos: (business?.photos ?? []).map((photo) => ({
      id: photo.id,
      src: photo.url,
      caption: '',
    })),
    propertyName: business?.name,
    isPending,
  };
}
