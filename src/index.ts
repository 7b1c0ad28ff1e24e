// The heap's settings first: they must be in place before the bundle's modules load.
import './heap.js';
import { installHeaders } from './http.js';
import { main } from './main.js';

installHeaders();
process.exit(await main());
