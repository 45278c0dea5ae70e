/*
 * The workspace's one script, loaded by every page as a module: enhancements only (passkeys need it; every other
 * action is a plain form). Whatever fails here leaves the page as the server sent it.
 */
import "./styles.css";
