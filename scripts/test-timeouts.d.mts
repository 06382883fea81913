export declare function timeoutScale(env?: Record<string, string | undefined>): number;
export declare function scaledTimeout(ms: number, env?: Record<string, string | undefined>): number;
