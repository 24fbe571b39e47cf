/**
 * The rows a paged list shows at first. Its own module, so a list that keeps its page in the
 * address bar (`useListView`) does not load the data grid with it.
 */
export const defaultPageSize = 10;
