/** The lackpy command line. */
export {};
