import { postgresAvailable } from "./db";

// Decided once per file before suites are declared, so describe.skipIf can read it synchronously.
(globalThis as { __pgUp?: boolean }).__pgUp = await postgresAvailable();
