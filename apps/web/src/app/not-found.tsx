import Link from "next/link";

export default function NotFound() {
  return (
    <main>
      <div className="problem" role="alert" data-testid="problem">
        <strong>Page not found</strong>
        <p>
          There is nothing at this address. <Link href="/">Back to the start</Link>.
        </p>
      </div>
    </main>
  );
}
