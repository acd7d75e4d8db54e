import { createContext, useContext } from 'react';

/** The heading level of the checkout's sections: 4 in the office's panel, 3 on the /checkout
 * page, whose h1 is the page's and whose date is then h2 (heading order, axe). */
export const SectionLevel = createContext<3 | 4>(4);

export const useSectionLevel = () => useContext(SectionLevel);
