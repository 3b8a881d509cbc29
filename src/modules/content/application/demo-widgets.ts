/**
 * Demo blocks that the storefront pages ask for by name. `db:seed --demo` adds the missing ones and
 * never overwrites a block that staff have edited.
 */
export const DEMO_WIDGETS: ReadonlyArray<{ name: string; html: string }> = [
  {
    name: 'home-intro',
    html:
      '<h2>Health and safety training that people remember</h2>' +
      '<p>Training videos on DVD, online courses, posters, PowerPoint packs and ready-made risk assessments ' +
      'for UK workplaces. Everything is written to current HSE guidance and priced for businesses, schools ' +
      'and councils.</p>',
  },
  {
    name: 'home-benefits',
    html:
      '<ul>' +
      '<li><strong>Free previews</strong> of every training video before you buy.</li>' +
      '<li><strong>Pay by card or purchase order</strong>, with a VAT invoice on every order.</li>' +
      '<li><strong>Next-day dispatch</strong> on DVDs and posters ordered before 2pm.</li>' +
      '</ul>',
  },
  {
    name: 'home-accreditation',
    html:
      '<p>Our courses are produced with practising health and safety consultants and many carry RoSPA ' +
      'approval or IOSH recognition.</p>',
  },
];
