export declare const SERVER_NODE_FLAGS: string[];
export declare const SERVER_MAIN: string;
export declare function serverCommand(options?: { extraNodeArgs?: string[] }): { command: string; args: string[] };
