export declare const MIN_GROWTH_BYTES: number;
export declare function decodeMappings(mappings: string): number[][][];
export declare function moduleName(absoluteSource: string, root: string): string;
export declare function attributeChunk(input: {
  code: string;
  map: { mappings: string; sources: string[] } | null;
  mapDir: string;
  root: string;
  gzipBytes: number;
}): Map<string, number>;
export declare function addShares(into: Map<string, number>, shares: Map<string, number>): Map<string, number>;
export interface GrownModule {
  name: string;
  before: number;
  after: number;
  grewBy: number;
}
export declare function grownModules(current: Record<string, number>, baseline: Record<string, number>, minBytes?: number): GrownModule[];
export declare function checkBudget(input: {
  totalBytes: number;
  budgetKb: number;
  current: Record<string, number>;
  baseline: Record<string, number> | undefined;
}): { over: boolean; totalBytes: number; budgetBytes: number; grew: GrownModule[] };
