import { hasRole, type StaffPerson } from "./context";

/** Where "/" takes a signed-in person: the first section their roles open. */
export function firstPageFor(person: StaffPerson): string {
  if (hasRole(person, "sales")) return "/leads";
  if (hasRole(person, "marketing")) return "/insights";
  return "/account";
}
