import type { ChildProcess, StdioOptions } from 'node:child_process';

export declare function freshDataDir(): string;
export declare function spawnAlta(options: { port: number | string; dataDir: string; stdio?: StdioOptions; env?: Record<string, string> }): ChildProcess;
