export interface TestStep {
  name: string;
  command: string;
  args: string[];
}
export interface StepResult {
  name: string;
  code: number;
  passed: boolean;
  durationMs: number;
}
export declare const TEST_STEPS: TestStep[];
export declare function runSteps(
  steps: TestStep[],
  options?: { log?: (line: string) => void; stdio?: 'inherit' | 'ignore' | 'pipe'; now?: () => number },
): Promise<{ ok: boolean; results: StepResult[]; totalMs: number }>;
