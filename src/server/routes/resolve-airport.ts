import { resolveCityCode } from '../../core/city-codes';
import { findAirport } from '../../domain/world/airports';

/**
 * What a traveller typed → an airport code: a served airport's code when the text names
 * one (code, city or alternative name), else the text itself, uppercased.
 * @example resolveAirportText('Bombay') // 'BOM'
 */
export function resolveAirportText(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  if (text.trim() === '') return text;
  return findAirport(text)?.code ?? resolveCityCode(text);
}

export function unknownAirportMessage(text: string): string {
  return `We don't know an airport called '${text.trim().slice(0, 64)}'`;
}
