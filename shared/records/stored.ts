/** What the server adds to a record's fields when it stores one: its id, and when it was made and last changed. */
export interface StoredStamp {
  id: string;
  createdAt: string;
  updatedAt: string;
}

/** A stored record: the fields its form and API body give, and the stamp. */
export type Stored<Fields> = Fields & StoredStamp;
