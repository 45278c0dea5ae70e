export function NotFound() {
  return (
    <p>
      There is no page at this address in the workspace. <a href="/">Back to your start page</a>.
    </p>
  );
}
