// A page of rows plus the total, the shape every list query returns.
export interface PageRequest {
  page: number;
  perPage: number;
}

export interface Page<T> {
  rows: T[];
  total: number;
}
