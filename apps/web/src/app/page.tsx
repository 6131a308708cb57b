import Link from "next/link";

export default function Home() {
  return (
    <main className="home">
      <h1>Bang! The Dice Game</h1>
      <p>Sheriff, deputies, outlaws and a renegade: five dice, three rolls, one winner team.</p>
      <div className="row">
        <Link className="button" href="/play">
          Play
        </Link>
        <Link className="button secondary" href="/admin">
          Admin dashboard
        </Link>
      </div>
    </main>
  );
}
