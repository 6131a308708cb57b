"use client";
import { use } from "react";
import { GameScreen } from "@/components/GameScreen";
import { pathParam } from "@/lib/path-param";

export default function PlayGamePage({ params }: { params: Promise<{ gameId: string }> }) {
  const { gameId } = use(params);
  return <GameScreen gameId={pathParam(gameId)} access="play" />;
}
