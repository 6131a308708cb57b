import Link from "next/link";
import { GameList } from "@/components/GameList";

export default function Home() {
  return (
    <main className="home">
      <h1>Bang!</h1>
      <p>Western games to play in the browser: public queues, tables with friends or bots, tournaments.</p>
      <GameList />
      <div className="row">
        <Link className="button" href="/play">
          Play
        </Link>
        <Link className="button secondary" href="/watch">
          Watch a game
        </Link>
        <Link className="button secondary" href="/leaderboard">
          Leaderboards
        </Link>
        <Link className="button secondary" href="/tournaments">
          Tournaments
        </Link>
        <Link className="button secondary" href="/admin">
          Admin dashboard
        </Link>
      </div>
    </main>
  );
}
