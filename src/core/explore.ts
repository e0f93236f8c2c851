import type { ExploreRoute } from './explore-schemas';

/** Explore's constants and rules, shared by the page and its tests. */

export const EXPLORE_PAGE_SIZE = 6;
/** Days ahead the catalogue's "lowest fare" looks at. */
export const EXPLORE_FARE_WINDOW_DAYS = 30;
/** Days ahead the typical (median) fare is taken over. */
export const EXPLORE_TYPICAL_WINDOW_DAYS = 60;
const EXPLORE_DEALS_COUNT = 3;

export const EXPLORE_SORTS = ['popular', 'price', 'rating', 'duration'] as const;
export type ExploreSort = (typeof EXPLORE_SORTS)[number];
export const EXPLORE_SORT_LABELS: Record<ExploreSort, string> = {
  popular: 'Popular',
  price: 'Price',
  rating: 'Rating',
  duration: 'Duration',
};

export function isExploreSort(value: unknown): value is ExploreSort {
  return typeof value === 'string' && (EXPLORE_SORTS as readonly string[]).includes(value);
}

export const EXPLORE_PRICE_FILTERS = ['all', '10000', '20000', '30000'] as const;
export type ExplorePriceFilter = (typeof EXPLORE_PRICE_FILTERS)[number];
export const EXPLORE_PRICE_LABELS: Record<ExplorePriceFilter, string> = {
  all: 'All Prices',
  '10000': 'Under ₹10,000',
  '20000': 'Under ₹20,000',
  '30000': 'Under ₹30,000',
};

export function isExplorePriceFilter(value: unknown): value is ExplorePriceFilter {
  return typeof value === 'string' && (EXPLORE_PRICE_FILTERS as readonly string[]).includes(value);
}

export const EXPLORE_MESSAGES = {
  title: 'Explore the World',
  subtitle: 'Discover amazing destinations, track flights in real-time, and find the best deals for your next adventure',
  routesTab: 'Popular Routes',
  dealsTab: 'Best Deals',
  searchPlaceholder: 'Search destinations...',
  loadMore: 'Load More Routes',
  dealsTitle: "Today's Best Deals",
  dealsSubtitle: 'Limited time offers on popular routes',
  quickBook: 'Quick Book',
  viewDetails: 'View Details',
  bookNow: 'Book Now',
  bookThisRoute: 'Book This Route',
  close: 'Close',
  favoriteAdded: 'Added to favorites',
  favoriteRemoved: 'Removed from favorites',
  linkCopied: 'Link copied to clipboard!',
  loginRequired: 'Please login to book flights',
  flightNumberRequired: 'Please enter a flight number',
} as const;

export const EXPLORE_STATS = [
  { value: '500+', label: 'Airlines' },
  { value: '1000+', label: 'Routes' },
  { value: '24/7', label: 'Support' },
] as const;

/** '{n} routes found'. */
export function routesFoundLabel(n: number): string {
  return `${n} routes found`;
}

/** The page's title for a route: 'origin → destination'. */
export function routeTitle(route: Pick<ExploreRoute, 'name' | 'name2'>): string {
  return `${route.name} → ${route.name2}`;
}

export interface ExploreView {
  search: string;
  sort: ExploreSort;
  price: ExplorePriceFilter;
}

/**
 * Search is a case-insensitive substring match on origin or destination; an empty search keeps all.
 * @example matchesSearch(route, 'par') // true for London → Paris
 */
export function matchesSearch(route: Pick<ExploreRoute, 'name' | 'name2'>, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return route.name.toLowerCase().includes(needle) || route.name2.toLowerCase().includes(needle);
}

/**
 * The price filter keeps routes whose price is at most the bound; a route with no fare on sale
 * passes only 'All Prices'.
 */
export function matchesPrice(route: Pick<ExploreRoute, 'price'>, filter: ExplorePriceFilter): boolean {
  if (filter === 'all') return true;
  return route.price !== null && route.price <= Number(filter);
}

const byNullableAscending = (a: number | null, b: number | null) => {
  if (a === null) return b === null ? 0 : 1;
  if (b === null) return -1;
  return a - b;
};

/**
 * Orders routes: popular keeps catalogue order, price ascending (no fare last), rating
 * descending, duration ascending by minutes. Ties keep catalogue order (stable sort).
 */
export function sortRoutes<T extends Pick<ExploreRoute, 'price' | 'rating' | 'durationMinutes'>>(routes: readonly T[], sort: ExploreSort): T[] {
  const list = [...routes];
  if (sort === 'price') list.sort((a, b) => byNullableAscending(a.price, b.price));
  else if (sort === 'rating') list.sort((a, b) => b.rating - a.rating);
  else if (sort === 'duration') list.sort((a, b) => a.durationMinutes - b.durationMinutes);
  return list;
}

/**
 * Search, then price filter, then sort: what the routes tab lists (before paging).
 * @example applyExploreView(routes, { search: 'goa', sort: 'price', price: '10000' })
 */
export function applyExploreView<T extends ExploreRoute>(routes: readonly T[], view: ExploreView): T[] {
  return sortRoutes(
    routes.filter((r) => matchesSearch(r, view.search) && matchesPrice(r, view.price)),
    view.sort,
  );
}

/** How many cards show after `loadMoreClicks` clicks on 'Load More Routes' (6, then +6 each). */
export function visibleCount(loadMoreClicks: number): number {
  return EXPLORE_PAGE_SIZE * (1 + Math.max(0, Math.floor(loadMoreClicks)));
}

/** 'Load More Routes' shows while more results remain than are visible. */
export function hasMoreRoutes(total: number, visible: number): boolean {
  return total > visible;
}

/**
 * Whole percent the current fare is below the typical one; 0 when it is not below (no badge).
 * @example savingPercent(7000, 10000) // 30
 */
export function savingPercent(current: number | null, typical: number | null): number {
  if (current === null || typical === null || typical <= 0 || current >= typical) return 0;
  return Math.floor(((typical - current) / typical) * 100);
}

/** 'N% OFF'. */
export function discountBadge(percent: number): string {
  return `${percent}% OFF`;
}

/**
 * Today's deals: the routes whose lowest fare is furthest below their typical fare (largest real
 * saving first; ties keep catalogue order). Routes with no saving are never shown as deals.
 */
export function pickDeals<T extends Pick<ExploreRoute, 'savingPercent' | 'price'>>(routes: readonly T[], count = EXPLORE_DEALS_COUNT): T[] {
  return routes
    .filter((r) => r.price !== null && r.savingPercent > 0)
    .map((route, index) => ({ route, index }))
    .sort((a, b) => b.route.savingPercent - a.route.savingPercent || a.index - b.index)
    .slice(0, count)
    .map((x) => x.route);
}

/**
 * Parses the view from a query string (?q=&sort=&price=&route=); unknown values fall back to defaults.
 * @example parseExploreParams('?sort=price&route=lhr-cdg') // { view: {…sort:'price'}, routeId: 'lhr-cdg', tab: 'routes', track: null }
 */
export function parseExploreParams(search: string): { view: ExploreView; routeId: string | null; tab: 'routes' | 'deals'; track: string | null } {
  const params = new URLSearchParams(search);
  const sort = params.get('sort');
  const price = params.get('price');
  const route = params.get('route');
  return {
    view: {
      search: params.get('q') ?? '',
      sort: isExploreSort(sort) ? sort : 'popular',
      price: isExplorePriceFilter(price) ? price : 'all',
    },
    routeId: route && /^[a-z]{3}-[a-z]{3}$/.test(route) ? route : null,
    tab: params.get('tab') === 'deals' ? 'deals' : 'routes',
    track: /^[A-Za-z0-9]{2}\s?\d{1,5}$/.test(params.get('track') ?? '') ? (params.get('track') ?? null) : null,
  };
}

/** The shareable link of a route: Explore with its details open. */
export function routeSharePath(routeId: string): string {
  return `/explore?route=${routeId}`;
}
