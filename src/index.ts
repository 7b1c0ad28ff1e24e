// The heap's settings first: they must be in place before the bundle's modules load.
import './heap.js';
import { main } from './main.js';

process.exit(await main());
