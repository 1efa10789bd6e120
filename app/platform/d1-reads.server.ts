/**
 * One D1 round trip for a page's reads (issue 17 goal 2). Remix runs a page's loaders together: the
 * root's shell query (who, cart, flags, bell) and the page's own batch leave at the same moment, and
 * each cost a round trip of its own (measured locally: the shell's alone was half the signed-in floor).
 * On a read request the database answers `.all()` and `batch()` a little later, together: whatever
 * the loaders sent in the same turn of the event loop goes to D1 as one batch, and each caller gets
 * its own results, exactly as D1 would have answered them alone (a batch answers each statement as
 * `.all()` does).
 *
 * Only `.all()` and `batch()` wait: `.raw()` (drizzle's selects, which need column order and
 * duplicate names a batch's rows do not keep), `.first()` and `.run()` go at once. A D1 batch is one
 * transaction, so one failing statement fails them all: then each caller's part runs again alone and
 * gets its own answer (reads change nothing, so running one again is safe).
 */

type Part = {
  statements: D1PreparedStatement[];
  /** `.all()` of one statement (its result), or a `batch()` (the list). */
  single: boolean;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

/** `db` answering `.all()` and `batch()` together per turn of the event loop (one request's reads). */
export function batchedReads<T extends Pick<D1Database, "prepare" | "batch">>(db: T): T {
  const real = new WeakMap<object, D1PreparedStatement>();
  let queue: Part[] = [];

  const alone = (part: Part) =>
    (part.single ? part.statements[0].all() : db.batch(part.statements)).then(part.resolve, part.reject);

  const flush = () => {
    const parts = queue;
    queue = [];
    if (parts.length === 1) return void alone(parts[0]);
    db.batch(parts.flatMap((part) => part.statements)).then(
      (results) => {
        let at = 0;
        for (const part of parts) {
          const mine = results.slice(at, (at += part.statements.length));
          part.resolve(part.single ? mine[0] : mine);
        }
      },
      () => parts.forEach(alone),
    );
  };

  const later = (statements: D1PreparedStatement[], single: boolean) =>
    new Promise((resolve, reject) => {
      queue.push({ statements, single, resolve, reject });
      // After every loader's synchronous part and the promises it resolved: a zero timer is the next turn.
      if (queue.length === 1) setTimeout(flush, 0);
    });

  /** A statement whose `.all()` waits for the turn's batch; `bind` keeps it so. */
  const statement = (stmt: D1PreparedStatement): D1PreparedStatement => {
    const wrapped = new Proxy(stmt, {
      get(target, key) {
        if (key === "all") return () => later([target], true);
        if (key === "bind") return (...values: unknown[]) => statement(target.bind(...values));
        const value = Reflect.get(target, key, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    real.set(wrapped, stmt);
    return wrapped;
  };

  return new Proxy(db, {
    get(target, key) {
      if (key === "prepare") return (query: string) => statement(target.prepare(query));
      if (key === "batch")
        return (statements: D1PreparedStatement[]) =>
          later(
            statements.map((s) => real.get(s) ?? s),
            false,
          );
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
