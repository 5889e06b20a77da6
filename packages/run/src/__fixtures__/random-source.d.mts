/** mulberry32: a tiny, well-mixed 32-bit PRNG, reproducible from its seed; numbers in [0, 1). */
export declare function randomSource(seed: number): () => number;
