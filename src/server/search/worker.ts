// A search worker thread: holds its own copy of the world and of the inventory view (fed by the
// serving thread, in order, before any search that must see a change) and answers searches with
// encoded JSON, and runs pricing tasks (Explore, recommendations, fare calendars). See
// src/server/search/pool.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { InventoryView } from '../../domain/inventory/view';
import { searchAnswerJson } from '../../domain/search/search-flights';
import { createWorld } from '../../domain/world/world';
import { encodeAnswer } from '../encoding';
import type { ToWorker, WorkerData } from './pool';
import { runPricingTask } from './searcher';

const port = parentPort;
if (!port) throw new Error('search worker must run in a worker thread');
const { seed, scale } = workerData as WorkerData;
const world = createWorld({ seed, scale });
const inventory = new InventoryView();

port.on('message', (message: ToWorker) => {
  if (message.type === 'rows') {
    for (const e of message.entries) inventory.applyChange(e.flightId, e.cabin, e);
    return;
  }
  if (message.type === 'close') {
    port.close();
    return;
  }
  if (message.type === 'price') {
    // Runs in small steps; searches that arrive meanwhile are answered between them.
    const { id, task } = message;
    runPricingTask(world, inventory, task).then(
      (value) => port.postMessage({ id, value }),
      (error: unknown) => port.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
    );
    return;
  }
  try {
    const text = searchAnswerJson(world, inventory, message.query, new Date(message.now));
    const { bytes, encoding } = encodeAnswer(text, message.encoding);
    // A copy that owns its buffer, so transferring it never detaches a pooled Buffer.
    const owned = new Uint8Array(bytes);
    port.postMessage({ id: message.id, bytes: owned, encoding }, [owned.buffer]);
  } catch (error) {
    port.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
port.postMessage({ type: 'ready' });
