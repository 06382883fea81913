export declare function sourceFiles(repo: string, roots?: string[]): string[];
export declare function importSpecifiers(text: string): string[];
export declare function resolveImport(repo: string, from: string, specifier: string): string | null;
export declare function findCycles(graph: Map<string, Set<string>>): string[][];
export declare function importGraph(repo: string, files?: string[]): Map<string, Set<string>>;
export declare function moduleGraph(
  repo: string,
  graph: Map<string, Set<string>>,
): { graph: Map<string, Set<string>>; via(from: string, to: string): string | undefined };
