import type { ExploreRoute } from '../../core/explore-schemas';

/**
 * Explore's hand-picked routes, in popularity order (the 'Popular' sort keeps this order):
 * India's domestic trunk and leisure routes, the main international ones from India, and
 * London → Paris. Prices, durations, airlines and schedules are not stored here: they come
 * from the flight world. Ratings are curated traveller scores out of 5.
 */
export interface CatalogueEntry {
  from: string;
  to: string;
  description: string;
  rating: number;
  art: ExploreRoute['art'];
}

export const CATALOGUE: readonly CatalogueEntry[] = [
  { from: 'DEL', to: 'BOM', rating: 4.6, art: 'city', description: "India's busiest air corridor: a flight almost every half hour between the capital and the financial hub." },
  { from: 'BOM', to: 'GOI', rating: 4.8, art: 'beach', description: 'Beaches, Portuguese quarters and seafood shacks, barely an hour and a half from Mumbai.' },
  { from: 'DEL', to: 'SXR', rating: 4.9, art: 'mountain', description: 'Shikaras on Dal Lake and the Mughal gardens, with snow on the Pir Panjal in winter.' },
  { from: 'BOM', to: 'DXB', rating: 4.7, art: 'desert', description: 'Skyline, souks and desert safaris: the most searched international trip from India.' },
  { from: 'BLR', to: 'DEL', rating: 4.5, art: 'heritage', description: 'From the garden city to the capital: Mughal monuments, markets and Old Delhi food.' },
  { from: 'DEL', to: 'BKK', rating: 4.7, art: 'city', description: 'Temples, floating markets and street food, with visa-free entry for Indian travellers.' },
  { from: 'LHR', to: 'CDG', rating: 4.6, art: 'heritage', description: 'London to Paris in about an hour: museums, cafés and the Seine.' },
  { from: 'DEL', to: 'GOI', rating: 4.7, art: 'beach', description: 'Swap the capital for the Konkan coast: Goa non-stop from Delhi.' },
  { from: 'BOM', to: 'SIN', rating: 4.8, art: 'city', description: 'Gardens by the Bay, hawker centres and a famously easy airport.' },
  { from: 'DEL', to: 'LHR', rating: 4.5, art: 'heritage', description: 'Non-stop to London: theatre, museums and a large Indian community.' },
  { from: 'DEL', to: 'VNS', rating: 4.8, art: 'heritage', description: 'The ghats of the Ganga, the evening aarti and one of the oldest living cities.' },
  { from: 'MAA', to: 'CMB', rating: 4.6, art: 'island', description: "A short hop to Sri Lanka's beaches, tea country and cultural triangle." },
  { from: 'DEL', to: 'IXL', rating: 4.9, art: 'mountain', description: 'High passes, monasteries and Pangong Lake: one of the most spectacular landings anywhere.' },
  { from: 'DEL', to: 'KTM', rating: 4.5, art: 'mountain', description: 'Durbar squares, trekking in the Himalaya and no visa needed for Indians.' },
  { from: 'COK', to: 'DXB', rating: 4.4, art: 'desert', description: "Kerala's busiest link to the Gulf, flown daily by several airlines." },
  { from: 'BOM', to: 'BLR', rating: 4.4, art: 'city', description: 'Between the two start-up capitals: short, frequent and business-friendly.' },
  { from: 'CCU', to: 'DEL', rating: 4.3, art: 'heritage', description: 'From the city of joy to the capital, with departures from dawn to late night.' },
  { from: 'DEL', to: 'HYD', rating: 4.4, art: 'heritage', description: 'Charminar, biryani and the IT corridor of Hyderabad.' },
  { from: 'BLR', to: 'GOI', rating: 4.6, art: 'beach', description: 'A weekend on the beach from Bengaluru in under an hour and a half.' },
  { from: 'DEL', to: 'SIN', rating: 4.7, art: 'city', description: 'Singapore non-stop from Delhi: Sentosa, Little India and Marina Bay.' },
  { from: 'BOM', to: 'LHR', rating: 4.5, art: 'heritage', description: 'Mumbai to London non-stop, flown by Indian and British carriers.' },
  { from: 'BOM', to: 'BKK', rating: 4.6, art: 'island', description: "Bangkok from Mumbai, the gateway to Thailand's islands." },
  { from: 'BOM', to: 'MLE', rating: 4.9, art: 'island', description: 'Turquoise lagoons and overwater villas, a short flight from Mumbai.' },
  { from: 'DEL', to: 'JFK', rating: 4.4, art: 'city', description: 'Non-stop from Delhi to New York: the longest flight in the catalogue.' },
];

/** The catalogue id of a route: "del-bom". */
export function routeIdOf(entry: Pick<CatalogueEntry, 'from' | 'to'>): string {
  return `${entry.from}-${entry.to}`.toLowerCase();
}

const BY_ID = new Map(CATALOGUE.map((e) => [routeIdOf(e), e]));

/** A catalogue entry by id, or undefined. @example catalogueEntry('lhr-cdg')?.to // 'CDG' */
export function catalogueEntry(id: string): CatalogueEntry | undefined {
  return BY_ID.get(id);
}
