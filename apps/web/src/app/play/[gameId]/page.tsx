"use client";
import { use } from "react";
import { GameScreen } from "@/components/GameScreen";

export default function PlayGamePage({ params }: { params: Promise<{ gameId: string }> }) {
  const { gameId } = use(params);
  return <GameScreen gameId={decodeURIComponent(gameId)} access="play" />;
}
