/**
 * The seam between a node's matchmaker and the other nodes of a cluster. A ready check lives on the
 * node whose matching pass claimed its table (its timer is that node's); a player's `matchConfirm`,
 * `queueLeave` or last socket may be on any node, so the matchmaker records which node holds each
 * check and forwards what is not its own to that node. On a single node there is no relay.
 */
import type { QueueStatus } from "@bang/protocol";

/** What a node asks of the node holding a ready check (a bus request of kind "queue"). */
export type RemoteQueueOp =
  | { op: "confirm"; playerId: string; matchId: string; accept: boolean }
  | { op: "leave"; playerId: string; matchId: string }
  | { op: "disconnected"; playerId: string; matchId: string };

/** The node holding a ready check, and the check's deadline (epoch ms). */
export interface MatchHolder {
  nodeId: string;
  deadline: number;
}

export interface MatchRelay {
  /** This node's id. */
  readonly nodeId: string;
  /** Records that this node holds ready check `matchId` until `deadline` (epoch ms), before its table is claimed. Rejects when Redis fails. */
  opened(matchId: string, deadline: number): Promise<void>;
  /** The check is over (started or failed): forgets its holder. Never rejects. */
  closed(matchId: string): Promise<void>;
  /**
   * The holder of `matchId`, or null when no node holds it (it is over, or its node is no longer a
   * live member: it died with the check's timer). Rejects when Redis fails.
   */
  holder(matchId: string): Promise<MatchHolder | null>;
  /**
   * Has node `nodeId` apply `op` to its ready check and resolves its answer. Rejects with the holder's
   * MatchmakingError (its code kept), or MatchmakingError RETRY when the node did not answer.
   */
  forward(nodeId: string, op: RemoteQueueOp): Promise<QueueStatus>;
  /** Does the player have an open socket on another live node? (false when unsure: the node did not answer.) */
  connectedElsewhere(playerId: string): Promise<boolean>;
}
