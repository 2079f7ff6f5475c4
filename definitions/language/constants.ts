// Business constants of the generic calls (spec 1 section 9).
export const DEFAULT_PAGE_SIZE = 35;
/** The view manager loads up to 1000 rows in one page; nothing asks for more. */
export const MAX_PAGE_SIZE = 1000;
export const PICKER_PAGE_SIZE = 30;
export const DATA_SOURCE = { Active: 0, Archive: 1, All: 2 } as const;
