/** Keeps the `to` query parameter when moving between the sign-in and register pages. */
export function withTo(path: string, to: string | null): string {
  return to ? `${path}?${new URLSearchParams({ to })}` : path;
}
