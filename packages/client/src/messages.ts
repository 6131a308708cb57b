import type { ServerMessage } from "@bang/protocol";

/** The server message of type `T`. */
export type ServerMessageOf<T extends ServerMessage["type"]> = Extract<ServerMessage, { type: T }>;

/** One accepted command of a game: its events and the viewer's view after it. */
export type EventMessage = ServerMessageOf<"event">;
/** The whole view of a game at `seq`. */
export type SnapshotMessage = ServerMessageOf<"snapshot">;
/** The signed-in player, as the server's `welcome` names them. */
export type Player = ServerMessageOf<"welcome">["player"];
