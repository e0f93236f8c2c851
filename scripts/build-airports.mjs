// Builds src/domain/world/data/airports.json from airport-data-js (CC BY 4.0):
// every Indian airport with scheduled service plus the international airports the
// network uses. Run: node scripts/build-airports.mjs
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const airportData = require('airport-data-js');

/** Code → city name (the package has no city field). Indian first, then international. */
const CITIES = `
AGR Agra|AGX Agatti|AHA Ambikapur|AIP Adampur|AJL Aizawl|AMD Ahmedabad|ATQ Amritsar|AYJ Ayodhya|BBI Bhubaneswar|
BDQ Vadodara|BEK Bareilly|BHJ Bhuj|BHO Bhopal|BHU Bhavnagar|BLR Bengaluru|BOM Mumbai|CCJ Kozhikode|CCU Kolkata|
CDP Kadapa|CJB Coimbatore|CNN Kannur|COK Kochi|DBR Darbhanga|DED Dehradun|DEL New Delhi|DGH Deoghar|DHM Dharamshala|
DIB Dibrugarh|DIU Diu|DMU Dimapur|GAU Guwahati|GAY Gaya|GBI Kalaburagi|GDB Gondia|GOI Goa|GOP Gorakhpur|GOX Goa (Mopa)|
GWL Gwalior|HBX Hubballi|HDO Ghaziabad|HGI Itanagar|HJR Khajuraho|HRH Aligarh|HSS Hisar|HYD Hyderabad|IDR Indore|
IMF Imphal|ISK Nashik|IXA Agartala|IXB Bagdogra|IXC Chandigarh|IXD Prayagraj|IXE Mangaluru|IXG Belagavi|IXI Lilabari|
IXJ Jammu|IXK Keshod|IXL Leh|IXM Madurai|IXP Pathankot|IXR Ranchi|IXS Silchar|IXU Aurangabad|IXY Kandla|IXZ Port Blair|
JAI Jaipur|JDH Jodhpur|JGA Jamnagar|JGB Jagdalpur|JLG Jalgaon|JLR Jabalpur|JRG Jharsuguda|JRH Jorhat|JSA Jaisalmer|
KJB Kurnool|KLH Kolhapur|KNU Kanpur|KQH Kishangarh|KUU Kullu|LKO Lucknow|LTU Latur|MAA Chennai|MYQ Mysuru|NAG Nagpur|
NDC Nanded|NMI Navi Mumbai|PAB Bilaspur|PAT Patna|PBD Porbandar|PGH Pantnagar|PNQ Pune|PNY Puducherry|PYG Gangtok|
HSR Rajkot|RDP Durgapur|REW Rewa|RJA Rajahmundry|RPR Raipur|SAG Shirdi|SDW Sindhudurg|SHL Shillong|STV Surat|
SXR Srinagar|TCR Thoothukudi|TEZ Tezpur|TIR Tirupati|TRV Thiruvananthapuram|TRZ Tiruchirappalli|UDR Udaipur|
UKE Utkela|VGA Vijayawada|VNS Varanasi|VSV Shravasti|VTZ Visakhapatnam|DXN Noida|
DXB Dubai|AUH Abu Dhabi|SHJ Sharjah|DOH Doha|MCT Muscat|RUH Riyadh|JED Jeddah|DMM Dammam|KWI Kuwait City|BAH Bahrain|
SIN Singapore|BKK Bangkok|HKT Phuket|KUL Kuala Lumpur|HKG Hong Kong|NRT Tokyo|ICN Seoul|SYD Sydney|MEL Melbourne|
CMB Colombo|KTM Kathmandu|DAC Dhaka|MLE Male|DPS Denpasar|LHR London|LGW London|CDG Paris|FRA Frankfurt|AMS Amsterdam|
MUC Munich|ZRH Zurich|FCO Rome|MAD Madrid|BCN Barcelona|IST Istanbul|VIE Vienna|JFK New York|EWR Newark|SFO San Francisco|
ORD Chicago|IAD Washington|YYZ Toronto`;

/** Terminals (the big Indian airports and the international hubs the network uses). */
const TERMINALS = {
  DEL: ['1', '2', '3'], BOM: ['1', '2'], BLR: ['1', '2'], HYD: ['1'], MAA: ['1', '2', '4'], CCU: ['1', '2'],
  AMD: ['1', '2'], COK: ['1', '3'], PNQ: ['1'], GOI: ['1'], LKO: ['2', '3'], TRV: ['1', '2'],
  DXB: ['1', '3'], LHR: ['2', '3', '4', '5'], CDG: ['1', '2E', '2F'], SIN: ['1', '2', '3'], JFK: ['1', '4', '8'],
  FRA: ['1', '2'], BKK: ['1'], DOH: ['1'], AUH: ['A'], IST: ['1'],
};

/** IN airports that have (or soon have) scheduled service but the package still flags FALSE. */
const FORCE_INCLUDE = new Set(['HSR', 'DXN']);
/** Closed to airline service: RAJ replaced by HSR in 2023; VIZ not open yet. */
const EXCLUDE = new Set(['RAJ', 'VIZ']);

const cityByCode = new Map(
  CITIES.split('|').map((entry) => entry.trim()).filter(Boolean).map((entry) => [entry.slice(0, 3), entry.slice(4).trim()]),
);

const out = [];
for (const [code, city] of cityByCode) {
  if (EXCLUDE.has(code)) continue;
  const [record] = await airportData.getAirportByIata(code);
  if (!record) throw new Error(`airport-data-js has no ${code}`);
  const scheduled = record.scheduled_service === true || record.scheduled_service === 'TRUE';
  if (!scheduled && !FORCE_INCLUDE.has(code)) throw new Error(`${code} has no scheduled service in airport-data-js`);
  out.push({
    code,
    name: record.airport,
    city,
    country: record.country_code,
    lat: Math.round(Number(record.latitude) * 10000) / 10000,
    lon: Math.round(Number(record.longitude) * 10000) / 10000,
    tz: record.time,
    terminals: TERMINALS[code] ?? [],
  });
}

// Every other IN airport with scheduled service must be listed above (so the map stays complete).
const india = await airportData.getAirportByCountryCode('IN');
const missing = india.filter((a) => a.iata && (a.scheduled_service === true || a.scheduled_service === 'TRUE') && !cityByCode.has(a.iata) && !EXCLUDE.has(a.iata));
if (missing.length) throw new Error(`Indian airports without a city: ${missing.map((a) => a.iata).join(', ')}`);

out.sort((a, b) => a.code.localeCompare(b.code));
const target = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'domain', 'world', 'data', 'airports.json');
writeFileSync(target, JSON.stringify(out).replace(/\},\{/g, '},\n{') + '\n');
console.log(`wrote ${out.length} airports to ${target}`);
