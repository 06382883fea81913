export declare const SERVER_NODE_FLAGS: string[];
export declare const SERVER_ENV: Record<string, string>;
export declare const SERVER_MAIN: string;
export declare function serverCommand(options?: { extraNodeArgs?: string[] }): { command: string; args: string[]; env: Record<string, string> };
