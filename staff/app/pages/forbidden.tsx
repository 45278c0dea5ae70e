/** A page the signed-in person's roles do not open: said plainly, with the way back. */
export function Forbidden() {
  return (
    <p>
      Your roles do not open this page. An operator can change your roles on the <strong>People</strong> page. <a href="/">Back to your start page</a>.
    </p>
  );
}
