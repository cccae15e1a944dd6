// Maximum flow and a minimum cut between two vertices of an undirected graph with real capacities
// (Dinic's algorithm: breadth-first levels, then blocking flows by depth-first search). No npm package for
// it is kept up; this is the textbook algorithm, used by the cut-set separation of the ILP back-ends.

/** An undirected graph on vertices 0 .. vertexCount - 1; each edge carries its capacity both ways. */
export class FlowNetwork {
  private readonly heads: number[][];
  /** Arc 2k and 2k + 1 are the two directions of edge k. */
  private readonly arcTo: number[] = [];
  private readonly capacity: number[] = [];
  private residual: Float64Array = new Float64Array(0);

  constructor(readonly vertexCount: number) {
    this.heads = Array.from({ length: vertexCount }, () => []);
  }

  addEdge(a: number, b: number, capacity: number): void {
    this.heads[a].push(this.arcTo.length);
    this.arcTo.push(b);
    this.capacity.push(capacity);
    this.heads[b].push(this.arcTo.length);
    this.arcTo.push(a);
    this.capacity.push(capacity);
  }

  /**
   * The maximum flow from `source` to `sink`, and the source side of a minimum cut (the vertices still
   * reachable from the source in the residual graph). Flow below `epsilon` counts as none.
   */
  minCut(source: number, sink: number, epsilon = 1e-9): { value: number; sourceSide: Uint8Array } {
    const n = this.vertexCount;
    this.residual = Float64Array.from(this.capacity);
    const level = new Int32Array(n);
    const next = new Int32Array(n);
    const queue = new Int32Array(n);
    let value = 0;
    const levels = () => {
      level.fill(-1);
      level[source] = 0;
      let head = 0;
      let tail = 0;
      queue[tail++] = source;
      while (head < tail) {
        const v = queue[head++];
        for (const arc of this.heads[v]) {
          const w = this.arcTo[arc];
          if (level[w] < 0 && this.residual[arc] > epsilon) {
            level[w] = level[v] + 1;
            queue[tail++] = w;
          }
        }
      }
      return level[sink] >= 0;
    };
    const push = (v: number, limit: number): number => {
      if (v === sink) return limit;
      const arcs = this.heads[v];
      for (; next[v] < arcs.length; next[v]++) {
        const arc = arcs[next[v]];
        const w = this.arcTo[arc];
        if (level[w] !== level[v] + 1 || this.residual[arc] <= epsilon) continue;
        const sent = push(w, Math.min(limit, this.residual[arc]));
        if (sent > epsilon) {
          this.residual[arc] -= sent;
          this.residual[arc ^ 1] += sent;
          return sent;
        }
      }
      return 0;
    };
    while (levels()) {
      next.fill(0);
      for (let sent = push(source, Infinity); sent > epsilon; sent = push(source, Infinity)) value += sent;
    }
    // After the last search, `level` marks exactly the vertices reachable from the source.
    return { value, sourceSide: Uint8Array.from(level, (l) => (l >= 0 ? 1 : 0)) };
  }
}
