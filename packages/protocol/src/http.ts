/**
 * Names of the HTTP API's headers that carry part of an answer, shared by the server that sets them
 * and the SDK that reads them.
 */

/** The live games list's header naming the cluster nodes that did not answer in time (comma-separated ids). */
export const MISSING_NODES_HEADER = "x-bang-missing-nodes";
