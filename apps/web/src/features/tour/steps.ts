/** One stop of the product tour. */
export interface TourStep {
  /** `tour:steps.<id>.title` and `….body`. */
  id: string;
  /** The page the step is shown on; the tour goes there first. */
  route: string;
  /**
   * What the step points at, first match that is on screen wins. Pricing Central's screens can
   * mark their parts with `data-tour="…"`; until they do, the page heading or the menu entry is used.
   * None on screen: the step is shown in the middle of the page.
   */
  targets: string[];
}

const navLink = (to: string) => `nav a[href="${to}"]`;

/** A walk through Pricing Central, on the real screens, in the order an owner sets prices up. */
export const tourSteps: TourStep[] = [
  {
    id: 'pricingCentral',
    route: '/pricing-central',
    targets: ['[data-tour="price-calendar"]', 'main h1'],
  },
  {
    id: 'roomTypes',
    route: '/pricing-central/room-form',
    targets: ['[data-tour="room-types"]', 'main h1'],
  },
  {
    id: 'priceSetup',
    route: '/pricing-central/price-setup',
    targets: ['[data-tour="price-setup"]', 'main h1'],
  },
  {
    id: 'configurations',
    route: '/pricing-central/configurations',
    targets: [
      '[data-tour="fluctuation-levels"]',
      navLink('/pricing-central/configurations'),
      'main h1',
    ],
  },
  {
    id: 'sazonalities',
    route: '/pricing-central/sazonalities',
    targets: ['[data-tour="sazonalities"]', navLink('/pricing-central/sazonalities'), 'main h1'],
  },
  {
    id: 'priceChanges',
    route: '/pricing-central/price-changes',
    targets: ['[data-tour="price-changes"]', 'main h1'],
  },
  {
    id: 'bi',
    route: '/pricing-central/bi',
    targets: ['[data-tour="bi"]', 'nav [data-tour-section="nav:proMembers"]', 'main h1'],
  },
  {
    id: 'search',
    route: '/pricing-central',
    targets: ['header [aria-keyshortcuts]'],
  },
  {
    id: 'help',
    route: '/pricing-central',
    targets: [navLink('/faq'), 'footer a[href="/faq"]'],
  },
];
