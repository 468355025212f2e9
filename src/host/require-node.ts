// Imported first by the host: stops an old Node before any dependency that needs a newer one loads.
import { isSupportedNode, unsupportedNodeMessage } from "./node-version.ts";

if (!isSupportedNode(process.versions.node)) {
  console.error(unsupportedNodeMessage(process.version));
  process.exit(1);
}
