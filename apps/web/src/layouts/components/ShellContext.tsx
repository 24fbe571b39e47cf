import { createContext, useContext } from 'react';

/** What any part of the default layout can open: the search, the preferences, the menu. */
export interface ShellActions {
  openSearch: () => void;
  openCustomizer: () => void;
  openNav: () => void;
}

export const ShellContext = createContext<ShellActions>({
  openSearch: () => undefined,
  openCustomizer: () => undefined,
  openNav: () => undefined,
});

export function useShell(): ShellActions {
  return useContext(ShellContext);
}
