import type { PageContextServer } from 'vike/types';

const HOME_WIDGETS = ['home-intro', 'home-benefits', 'home-accreditation'] as const;

export type Data = Awaited<ReturnType<typeof data>>;

/** Server-only: the editable content blocks of the home page (a missing block is `null`). */
export async function data(pageContext: PageContextServer) {
  const blocks = await pageContext.services.widgets.getBlocks(HOME_WIDGETS);
  return {
    intro: blocks['home-intro'],
    benefits: blocks['home-benefits'],
    accreditation: blocks['home-accreditation'],
  };
}
