// Small in-process caches of derived query facts (page starts, exact counts). They are keyed
// by the table's write generation, which every write in this process advances; other
// processes' writes reach them through the counts' time limit, and a remembered page start
// stays a correct "rows after this one" position whatever changes.
export class LruCache<K, V> {
  private readonly map = new Map<K, V>();
  constructor(private readonly max: number) {}
  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) { this.map.delete(key); this.map.set(key, value); }
    return value;
  }
  delete(key: K): void { this.map.delete(key); }
  clear(): void { this.map.clear(); }
  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as K);
  }
}

const generations = new Map<string, number>();
export const tableGeneration = (table: string) => generations.get(table) ?? 0;
export const tableWritten = (table: string) => { generations.set(table, tableGeneration(table) + 1); };
