/**
 * A small seeded generator of hostile tool results: everything a tool written in JavaScript can
 * return, including values built to break whoever reads them (throwing getters and traps,
 * revoked proxies, cycles, deep nesting, forbidden keys, symbols, BigInt, typed arrays).
 */

class Account {
  balance = 10;
  #secret = "hidden";
  get secret(): string {
    return this.#secret;
  }
  withdraw(): never {
    throw new Error("never called");
  }
}

const thrower = () => {
  throw new Error("boom from a getter");
};

function throwingObject(kind: number): object {
  const noisy = { toString: thrower, valueOf: thrower, toJSON: thrower, [Symbol.toPrimitive]: thrower };
  switch (kind) {
    case 0:
      return noisy;
    case 1:
      return Object.defineProperty({ ok: 1 }, "bad", { get: thrower, enumerable: true });
    case 2:
      return Object.defineProperties({}, { toString: { get: thrower, enumerable: true }, message: { get: thrower } });
    default:
      return Object.defineProperty([1, 2], 1, { get: thrower, enumerable: true });
  }
}

function hostileProxy(kind: number): object {
  const trap = () => {
    throw new Error("boom from a trap");
  };
  switch (kind) {
    case 0:
      return new Proxy({ a: 1 }, {});
    case 1:
      return new Proxy({ a: 1 }, { ownKeys: trap });
    case 2:
      return new Proxy({ a: 1 }, { getOwnPropertyDescriptor: trap });
    case 3:
      return new Proxy([1, 2], { get: trap });
    case 4:
      return new Proxy({}, { getPrototypeOf: trap });
    default: {
      const { proxy, revoke } = Proxy.revocable({ a: 1 }, {});
      revoke();
      return proxy;
    }
  }
}

/** A random value of depth at most `depth`. */
export function randomValue(random: () => number, depth = 3): unknown {
  const pick = (count: number) => Math.floor(random() * count);
  const child = () => (depth > 0 ? randomValue(random, depth - 1) : pick(100));
  switch (pick(30)) {
    case 0:
      return ["", "text", "__proto__", "constructor", "ünïcødé 😀", "\u0000\ud800", "x".repeat(pick(500))][pick(7)];
    case 1:
      return [0, -0, 1.5, -1e308, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER][pick(7)];
    case 2:
      return [true, false, null, undefined][pick(4)];
    case 3:
      return [10n, -(2n ** 70n), 0n][pick(3)];
    case 4:
      return [Symbol("s"), Symbol.iterator, Symbol.for("x")][pick(3)];
    case 5:
      return [new Date(0), new Date(Number.NaN), new Date(8.64e15)][pick(3)];
    case 6:
      return [new Uint8Array([1, 2, 3]), new Float64Array([0.5, Number.NaN]), new BigInt64Array([1n, -(2n ** 62n)])][pick(3)];
    case 7:
      return [new ArrayBuffer(4), new DataView(new ArrayBuffer(3)), new SharedArrayBuffer(2)][pick(3)];
    case 8:
      return new Account();
    case 9:
      return [() => 1, class {}, async () => 1, function named() {}][pick(4)];
    case 10:
      return hostileProxy(pick(6));
    case 11:
      return throwingObject(pick(4));
    case 12: {
      const object = Object.create(null) as Record<string, unknown>;
      object.plain = child();
      return object;
    }
    case 13:
      return { [Symbol("key")]: child(), visible: child() };
    case 14:
      return new Map<unknown, unknown>([
        [{ a: 1 }, child()],
        [[1, 2], child()],
        [Number.NaN, child()],
        [Symbol("k"), child()],
        ["__proto__", child()],
        [new Map([[1, 2]]), child()],
      ]);
    case 15:
      return new Set([child(), child(), { a: 1 }, Symbol("v")]);
    case 16: {
      const cycle: Record<string, unknown> = { name: "cycle" };
      cycle.self = cycle;
      cycle.list = [cycle, child()];
      return cycle;
    }
    case 17: {
      const map = new Map<unknown, unknown>();
      map.set(map, map);
      map.set("inner", [map]);
      return map;
    }
    case 18: {
      let deep: unknown = "bottom";
      for (let level = 0; level < 2000 + pick(5000); level++) deep = [deep];
      return deep;
    }
    case 19:
      return JSON.parse(`{"__proto__": {"polluted": true}, "a": 1}`);
    case 20:
      return { constructor: child(), ok: 1 };
    case 21:
      return [new Error("an error"), Promise.resolve(1), new WeakMap(), /(\w)\1/g][pick(4)];
    case 22:
      return [new String("boxed"), new Number(3), Object(Symbol("boxed"))][pick(3)];
    case 23: {
      const shared = [child()];
      return [shared, shared, { shared }];
    }
    case 24: {
      const sparse: unknown[] = [];
      sparse[5] = child();
      return sparse;
    }
    default: {
      const size = pick(4);
      return random() < 0.5
        ? Array.from({ length: size }, child)
        : Object.fromEntries(Array.from({ length: size }, (_, index) => [`k${index}`, child()]));
    }
  }
}
