import { run } from './main.js';

process.exit(await run());
