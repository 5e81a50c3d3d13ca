/**
 * A user to create in a burst of writes that a killed process interrupts: `firstname` names the
 * burst, and the mail follows the username, so stored rows can be checked whole.
 */
export function burstUser(username: string, firstname: string) {
  return { username, firstname, lastname: 'Prueba', mail: `${username}@vitrina.test`, rol: 1 };
}
