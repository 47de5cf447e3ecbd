package warehouses

import (
	"context"
	"errors"
	"fmt"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/databricks/databricks-sdk-go/service/sql"
)

// Get reads one warehouse now; a warehouse that is gone (or deleted) is
// ErrNotFound, so a page that still shows it can say so.
func (s *Service) Get(ctx context.Context, ws, id string) (sql.EndpointInfo, error) {
	w, err := s.client(ctx, ws)
	if err != nil {
		return sql.EndpointInfo{}, err
	}
	got, err := w.Warehouses.GetById(ctx, id)
	if errors.Is(err, apierr.ErrNotFound) || errors.Is(err, apierr.ErrResourceDoesNotExist) {
		return sql.EndpointInfo{}, fmt.Errorf("SQL warehouse %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return sql.EndpointInfo{}, err
	}
	if got.State == sql.StateDeleted {
		return sql.EndpointInfo{}, fmt.Errorf("SQL warehouse %s: %w", id, ErrNotFound)
	}
	return infoOf(*got), nil
}

// infoOf is a get answer as the list item the views read (the same fields).
func infoOf(g sql.GetWarehouseResponse) sql.EndpointInfo {
	return sql.EndpointInfo{Id: g.Id, Name: g.Name, State: g.State, ClusterSize: g.ClusterSize,
		MinNumClusters: g.MinNumClusters, MaxNumClusters: g.MaxNumClusters, NumClusters: g.NumClusters,
		NumActiveSessions: g.NumActiveSessions, AutoStopMins: g.AutoStopMins, EnablePhoton: g.EnablePhoton,
		EnableServerlessCompute: g.EnableServerlessCompute, WarehouseType: sql.EndpointInfoWarehouseType(g.WarehouseType),
		Channel: g.Channel, Health: g.Health, Tags: g.Tags, CreatorName: g.CreatorName, JdbcUrl: g.JdbcUrl,
		OdbcParams: g.OdbcParams, SpotInstancePolicy: g.SpotInstancePolicy}
}

// Start starts a warehouse that is stopped or stopping. The API answers at
// once; the list follows the state. Starting bills from the first minute.
func (s *Service) Start(ctx context.Context, ws, id string) error {
	return s.act(ctx, ws, id, ActionStart, func(w warehousesAPI) error {
		_, err := w.Start(ctx, sql.StartRequest{Id: id})
		return err
	})
}

// Stop stops a running or starting warehouse; queries running on it fail.
func (s *Service) Stop(ctx context.Context, ws, id string) error {
	return s.act(ctx, ws, id, ActionStop, func(w warehousesAPI) error {
		_, err := w.Stop(ctx, sql.StopRequest{Id: id})
		return err
	})
}

// Delete deletes the warehouse once confirmName is its exact name.
func (s *Service) Delete(ctx context.Context, ws, id, confirmName string) error {
	info, err := s.Get(ctx, ws, id)
	if err != nil {
		return err
	}
	if confirmName != info.Name {
		return ErrNameMismatch
	}
	return s.act(ctx, ws, id, ActionDelete, func(w warehousesAPI) error {
		return w.DeleteById(ctx, id)
	})
}

// warehousesAPI is the part of the SDK's Warehouses API the actions use.
type warehousesAPI interface {
	Start(ctx context.Context, req sql.StartRequest) (*sql.WaitGetWarehouseRunning[struct{}], error)
	Stop(ctx context.Context, req sql.StopRequest) (*sql.WaitGetWarehouseStopped[struct{}], error)
	DeleteById(ctx context.Context, id string) error
}

// act reads the warehouse, checks the state's actions table, then calls.
// A warehouse that disappears between the read and the call is gone, not a
// failure of the action.
func (s *Service) act(ctx context.Context, ws, id string, a Action, call func(warehousesAPI) error) error {
	info, err := s.Get(ctx, ws, id)
	if err != nil {
		return err
	}
	if !Allowed(info.State, a) {
		return fmt.Errorf("%s SQL warehouse %q in state %s: %w", a, info.Name, info.State, ErrNotAllowed)
	}
	w, err := s.client(ctx, ws)
	if err != nil {
		return err
	}
	err = call(w.Warehouses)
	if errors.Is(err, apierr.ErrNotFound) || errors.Is(err, apierr.ErrResourceDoesNotExist) {
		return fmt.Errorf("SQL warehouse %s: %w", id, ErrNotFound)
	}
	return err
}
