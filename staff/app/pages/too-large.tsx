/** A form sent with more than the workspace reads: nothing was changed, and nothing of it was kept. */
export function TooLarge() {
  return (
    <p>
      What you sent is longer than the workspace accepts (64 KB), so nothing was changed. Go back, shorten it, and send it again: your browser usually keeps
      what you typed when you go back.
    </p>
  );
}
