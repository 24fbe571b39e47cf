/**
 * Pretends the screen is `width` pixels wide for `useMediaQuery` (jsdom has no `matchMedia`, so
 * without this every component sees a phone). Returns the function that undoes it.
 */
export function stubScreenWidth(width: number): () => void {
  const matchMedia = (query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches =
      Boolean(min || max) && (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    };
  };
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: matchMedia,
  });
  return () => {
    delete (window as { matchMedia?: unknown }).matchMedia;
  };
}
