import { i32At } from './checked-index';

/**
 * Strongly connected components of a graph in compressed sparse rows (targets of node x at
 * targets[offsets[x] .. offsets[x + 1])), by Tarjan's algorithm written with explicit stacks: a
 * market's chains run hundreds of thousands of nodes deep, far beyond the call stack.
 * Returns each node's component number; components are numbered in the order Tarjan closes them.
 */
export function strongComponents(nodeCount: number, offsets: Int32Array, targets: Int32Array): Int32Array {
  const index = new Int32Array(nodeCount).fill(-1);
  const low = new Int32Array(nodeCount);
  const component = new Int32Array(nodeCount).fill(-1);
  const onStack = new Uint8Array(nodeCount);
  const stack = new Int32Array(nodeCount);
  let stackTop = 0;
  // The depth-first path: node and the next of its edges to try.
  const pathNode = new Int32Array(nodeCount);
  const pathEdge = new Int32Array(nodeCount);
  let depth = 0;
  let counter = 0;
  let components = 0;

  const enter = (x: number) => {
    index[x] = low[x] = counter++;
    stack[stackTop++] = x;
    onStack[x] = 1;
    pathNode[depth] = x;
    pathEdge[depth] = i32At(offsets, x);
    depth++;
  };

  for (let root = 0; root < nodeCount; root++) {
    if (i32At(index, root) !== -1) continue;
    enter(root);
    while (depth > 0) {
      const x = i32At(pathNode, depth - 1);
      const edge = i32At(pathEdge, depth - 1);
      if (edge < i32At(offsets, x + 1)) {
        pathEdge[depth - 1] = edge + 1;
        const y = i32At(targets, edge);
        if (i32At(index, y) === -1) enter(y);
        else if (onStack[y]) low[x] = Math.min(i32At(low, x), i32At(index, y));
        continue;
      }
      // All of x's edges are done: close its component if it is a root, then return to its parent.
      if (i32At(low, x) === i32At(index, x)) {
        let y: number;
        do {
          y = i32At(stack, --stackTop);
          onStack[y] = 0;
          component[y] = components;
        } while (y !== x);
        components++;
      }
      depth--;
      if (depth > 0) {
        const parent = i32At(pathNode, depth - 1);
        low[parent] = Math.min(i32At(low, parent), i32At(low, x));
      }
    }
  }
  return component;
}
