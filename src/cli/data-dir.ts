// Where `recap serve` and `recap admin` keep the SQLite stores unless told otherwise.

export const DEFAULT_DATA_DIR = '.recap/data';
