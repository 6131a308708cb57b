"use client";
import { use } from "react";
import { GameScreen } from "@/components/GameScreen";
import { pathParam } from "@/lib/path-param";

export default function WatchGamePage({ params }: { params: Promise<{ gameId: string }> }) {
  const { gameId } = use(params);
  return <GameScreen gameId={pathParam(gameId)} access="watch" />;
}
