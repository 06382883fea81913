export declare function citesOutsideDocs(line: string): boolean;
export declare function findOutsideCitations(): string[];
