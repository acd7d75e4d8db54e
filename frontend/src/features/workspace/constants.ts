/** The Projects panel's page size (the panel's pagination and the saga's reads). */
export const PROJECTS_PAGE_SIZE = 10;
