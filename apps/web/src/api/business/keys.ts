/** Query keys of the businesses; every change updates exactly these. */
export const businessKeys = {
  /** `GET /api/v1/businesses`: the caller's businesses, the selected one first. */
  list: ['businesses'] as const,
  /** `GET /api/v1/businesses/deleted`: deleted ones that can still be restored. */
  deleted: ['businesses', 'deleted'] as const,
};

/** `/v1/businesses/{uuid}…` with the uuid escaped. */
export function businessPath(uuid: string, rest = ''): string {
  return `/v1/businesses/${encodeURIComponent(uuid)}${rest}`;
}
