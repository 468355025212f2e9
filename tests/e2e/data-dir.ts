/** Where a journeys run keeps its server's data: this prefix and the runner's process id. */
export const E2E_DATA_DIR_PREFIX = "/tmp/shop-e2e-";
